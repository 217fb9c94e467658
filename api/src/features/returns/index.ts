/** The returns feature's public surface: other features and the app import nothing else of it. */

export { returnsRouter } from './returns.router';
export { RETURN_EVENTS, type ReturnCreatedData } from './returns.service';
