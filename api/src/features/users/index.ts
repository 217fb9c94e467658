/** The users feature's public surface: other features and the app import nothing else of it. */
export { usersRouter } from './users.router';
