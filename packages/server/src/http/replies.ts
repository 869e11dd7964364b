import * as S from '@tabula/protocol';

/** The error replies a route documents: `{ error: { code, message } }` for each status. */
export const errs = (...codes: number[]): Record<number, typeof S.ErrorReply> => Object.fromEntries(codes.map((c) => [c, S.ErrorReply]));

/** The OpenAPI security of a route that needs a bearer token. */
export const secured = [{ bearer: [] }];
