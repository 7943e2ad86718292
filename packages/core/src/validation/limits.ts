/** How deep arguments may nest; deeper input is refused instead of risking a stack overflow. */
export const MAX_ARGUMENT_DEPTH = 100;
