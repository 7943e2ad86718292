import { catalogueTool } from './catalogue-tool';

/** Containers with Docker and Compose. */
export const dockerTools = [
  catalogueTool({
    name: 'docker_build',
    description: 'Build a Docker image from a Dockerfile and tag it.',
    params: {
      context: { type: 'string', default: '.', description: 'Build context directory' },
      dockerfile: { type: 'string', default: 'Dockerfile', description: 'Path of the Dockerfile' },
      tag: { type: 'string', description: 'Image tag, e.g. myapp:latest' },
    },
    costTier: 'medium',
    metadata: {
      category: 'docker',
      keywords: ['docker', 'image', 'build', 'dockerfile', 'tag', 'container'],
      useCases: ['Package the service as an image', 'Rebuild an image after changing the Dockerfile'],
      accessMode: 'execute',
      executionCategory: 'execute',
      dangerLevel: 'low',
      stages: ['deployment'],
      taskTypes: ['execution'],
    },
  }),
  catalogueTool({
    name: 'docker_run',
    description: 'Start a new container from an image, with port mappings, environment variables and volumes.',
    params: {
      image: { type: 'string', required: true, description: 'Image to run' },
      ports: { type: 'array', items: { type: 'string' }, description: 'Port mappings, e.g. 8080:80' },
      env: { type: 'object', additionalProperties: { type: 'string' }, description: 'Environment variables' },
      detach: { type: 'boolean', default: true, description: 'Run in the background' },
    },
    costTier: 'low',
    metadata: {
      category: 'docker',
      keywords: ['docker', 'container', 'run', 'start', 'image', 'port'],
      useCases: ['Start a database for local development', 'Try an image'],
      accessMode: 'execute',
      executionCategory: 'execute',
      dangerLevel: 'low',
      stages: ['implementation', 'verification'],
      taskTypes: ['execution'],
    },
  }),
  catalogueTool({
    name: 'docker_ps',
    description: 'List Docker containers with their status, image and ports.',
    params: { all: { type: 'boolean', default: false, description: 'Include stopped containers' } },
    metadata: {
      category: 'docker',
      keywords: ['docker', 'containers', 'list', 'ps', 'running', 'status'],
      useCases: ['See which containers are up'],
      accessMode: 'readonly',
      stages: ['exploration'],
      taskTypes: ['analysis'],
    },
  }),
  // No metadata: generated.
  catalogueTool({
    name: 'docker_logs',
    description: 'Show the output logs of a Docker container.',
    params: {
      container: { type: 'string', required: true, description: 'Container name or id' },
      tail: { type: 'integer', default: 200, description: 'Lines from the end' },
    },
  }),
  catalogueTool({
    name: 'docker_compose_up',
    description: 'Start the services defined in a docker-compose file, building images as needed.',
    params: {
      file: { type: 'string', default: 'docker-compose.yml', description: 'Compose file' },
      services: { type: 'array', items: { type: 'string' }, description: 'Only these services' },
    },
    costTier: 'medium',
    metadata: {
      category: 'docker',
      keywords: ['docker', 'compose', 'services', 'stack', 'up', 'start'],
      useCases: ['Start the whole local environment', 'Bring up the app with its database and cache'],
      accessMode: 'execute',
      executionCategory: 'execute',
      dangerLevel: 'low',
      stages: ['implementation', 'verification'],
      taskTypes: ['execution'],
    },
  }),
];
