import { createRouter } from '../../context';
import * as handlers from './auth.handlers';
import * as routes from './auth.routes';
import { setPassword, setPasswordHandler } from './auth.set-password';

export const authRouter = createRouter()
  .openapi(routes.signup, handlers.signup)
  .openapi(routes.verifyEmail, handlers.verifyEmail)
  .openapi(routes.resendOtp, handlers.resendOtp)
  .openapi(routes.login, handlers.login)
  .openapi(routes.refresh, handlers.refresh)
  .openapi(routes.logout, handlers.logout)
  .openapi(routes.passwordReset, handlers.passwordReset)
  .openapi(routes.passwordResetConfirm, handlers.passwordResetConfirm)
  .openapi(routes.google, handlers.google)
  .openapi(setPassword, setPasswordHandler);
