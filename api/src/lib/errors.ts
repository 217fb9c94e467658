import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';

export type FieldError = { path: string; message: string };

export type Problem = {
  type: string;
  title: string;
  status: number;
  detail?: string;
  code?: string;
  instance?: string;
  errors?: FieldError[];
};

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  410: 'Gone',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** The one error type services throw; onError turns it into RFC 9457 problem details. */
export class AppError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code?: string;
  readonly errors?: FieldError[];
  readonly headers?: Record<string, string>;
  readonly extra?: Record<string, unknown>;

  constructor(
    status: ContentfulStatusCode,
    detail: string,
    options: {
      code?: string;
      errors?: FieldError[];
      headers?: Record<string, string>;
      extra?: Record<string, unknown>;
    } = {},
  ) {
    super(detail);
    this.status = status;
    this.code = options.code;
    this.errors = options.errors;
    this.headers = options.headers;
    this.extra = options.extra;
  }

  static badRequest(detail: string, code?: string) {
    return new AppError(400, detail, { code });
  }
  static unauthorized(detail = 'Authentication required', code?: string) {
    return new AppError(401, detail, { code, headers: { 'WWW-Authenticate': 'Bearer' } });
  }
  static forbidden(detail = 'You do not have access to this resource', code?: string) {
    return new AppError(403, detail, { code });
  }
  static notFound(detail = 'Not found') {
    return new AppError(404, detail);
  }
  static conflict(detail: string, code?: string) {
    return new AppError(409, detail, { code });
  }
  static validation(errors: FieldError[], detail = 'The request has invalid fields') {
    return new AppError(422, detail, { code: 'validation_failed', errors });
  }
  static tooManyRequests(retryAfterSeconds: number, detail?: string) {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    return new AppError(429, detail ?? `Too many attempts, try again in ${seconds} seconds`, {
      code: 'rate_limited',
      headers: { 'Retry-After': String(seconds) },
    });
  }
}

export function problemBody(
  status: number,
  detail: string | undefined,
  extra: Partial<Problem> = {},
): Problem {
  return {
    type: extra.code ? `https://consign.example/problems/${extra.code.replace(/_/g, '-')}` : 'about:blank',
    title: TITLES[status] ?? 'Error',
    status,
    ...(detail ? { detail } : {}),
    ...extra,
  };
}

export function problemResponse(
  c: Context,
  status: ContentfulStatusCode,
  body: Problem,
  headers?: Record<string, string>,
) {
  return c.body(JSON.stringify(body), status, {
    'Content-Type': 'application/problem+json',
    ...headers,
  });
}

export function zodFieldErrors(error: ZodError): FieldError[] {
  return error.issues.map((issue) => ({
    path: issue.path.length ? issue.path.join('.') : '(body)',
    message:
      issue.code === 'unrecognized_keys' ? `Unknown field(s): ${issue.keys.join(', ')}` : issue.message,
  }));
}

/** Used as OpenAPIHono's defaultHook so every route answers validation failures the same way. */
export function validationHook(
  result: { success: true } | { success: false; error: ZodError },
  c: Context,
): Response | undefined {
  if (result.success) return undefined;
  const errors = zodFieldErrors(result.error);
  return problemResponse(
    c,
    422,
    problemBody(422, `Invalid ${errors.map((e) => e.path).join(', ')}`, {
      code: 'validation_failed',
      errors,
    }),
  );
}

export function toProblem(err: unknown): {
  status: ContentfulStatusCode;
  body: Problem;
  headers?: Record<string, string>;
} {
  if (err instanceof AppError) {
    return {
      status: err.status,
      body: problemBody(err.status, err.message, {
        ...(err.code ? { code: err.code } : {}),
        ...(err.errors ? { errors: err.errors } : {}),
        ...(err.extra ?? {}),
      }),
      headers: err.headers,
    };
  }
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    // Hono's body-limit and JSON parser raise HTTPException; keep their message but our shape.
    const detail =
      status === 400 && /JSON/i.test(err.message) ? 'Malformed JSON in request body' : err.message;
    return { status, body: problemBody(status, detail || undefined) };
  }
  return { status: 500, body: problemBody(500, 'Something went wrong on our side') };
}
