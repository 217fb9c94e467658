/** The auth feature's public surface: other features and the app import nothing else of it. */
export { authRouter } from './auth.router';
export { EmailSchema, PasswordSchema, RoleSchema } from './auth.schemas';
export { LIMITS } from './auth.service';
export { GoogleVerifier } from './google-verifier';
