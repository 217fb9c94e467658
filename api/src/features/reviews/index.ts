/** The reviews feature's public surface: other features and the app import nothing else of it. */

export { reviewsRouter } from './reviews.router';
export { ReviewSchema } from './reviews.schemas';
export { type ReviewRow, toReviewDto } from './reviews.service';
export { backfillCourierSlugs } from './reviews.slugs';
export { courierSlugSubscriber, orderScoresSubscriber, reviewInviteSubscriber } from './reviews.subscribers';
