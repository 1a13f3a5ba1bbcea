/** A submission that names something that does not exist (a webinar id, say). */
export class UnknownReferenceError extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.name = "UnknownReferenceError";
    this.field = field;
  }
}
