DROP INDEX `refresh_tokens_family_idx`;--> statement-breakpoint
CREATE INDEX `refresh_tokens_family_user_idx` ON `refresh_tokens` (`family_id`,`user_id`,`revoked_at`);