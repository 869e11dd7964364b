/** An API error: an HTTP status (always 4xx for anything a client can cause) plus a stable code. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** A refused game action: the rules section the engine names for it. */
  readonly rule?: string;

  constructor(status: number, code: string, message: string, rule?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    if (rule !== undefined) this.rule = rule;
  }
}

export const badRequest = (code: string, message: string): ApiError => new ApiError(400, code, message);
export const unauthorized = (message = 'Sign in first: send "Authorization: Bearer <token>".'): ApiError => new ApiError(401, 'unauthorized', message);
export const forbidden = (code: string, message: string, rule?: string): ApiError => new ApiError(403, code, message, rule);
export const notFound = (code: string, message: string): ApiError => new ApiError(404, code, message);
export const conflict = (code: string, message: string): ApiError => new ApiError(409, code, message);
export const unprocessable = (code: string, message: string, rule?: string): ApiError => new ApiError(422, code, message, rule);

export function errorBody(code: string, message: string, rule?: string): { error: { code: string; message: string; rule?: string } } {
  return { error: rule === undefined ? { code, message } : { code, message, rule } };
}
