/**
 * The base of the server's own errors: a `code` from the error's own union that callers branch on
 * (with `instanceof` for the kind), a message that each error says who may read, and the `cause`
 * it wraps, when given. `name` is the subclass's (its class name), so logs say which error it was.
 *
 * Every domain error extends it with its codes; one with a single meaning has a single code and a
 * constructor that takes only the message (and options). The JSON API's catalogue of codes is
 * another list (`server/platform/http/errors.ts`): a domain code is mapped onto one where it is answered.
 */
export class CodedError<Code extends string = string> extends Error {
  readonly code: Code;
  constructor(code: Code, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }
}

/** No tool has this id (deleted meanwhile, or never existed): the admin's edit and the screenshots both throw it. */
export class ToolGoneError extends CodedError<"not-found"> {
  constructor(options?: ErrorOptions) {
    super("not-found", "No tool has this id.", options);
  }
}
