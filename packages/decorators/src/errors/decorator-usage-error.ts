/** A decorator applied where it cannot work (a static method, a getter, a class without `execute`...). */
export class DecoratorUsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DecoratorUsageError';
  }
}
