// `@victor-tools/decorators/class-validator`: importing it (once, anywhere
// before the tools are built) makes the class-validator constraints of
// `@Param` classes part of their JSON Schema and enforced, and hands `execute`
// class-transformer's instances. class-validator, class-transformer and
// class-validator-jsonschema are optional peer dependencies: installed by
// those who import this, never by the package's main entry point.
import './polyfill';
import { installClassValidatorBridge } from './builder/class-validator-slot';
import { classValidatorBridge } from './class-validator/bridge';

installClassValidatorBridge(classValidatorBridge);

export type { ClassValidatorBridge, ClassValidatorProblem } from './builder/class-validator-slot';
