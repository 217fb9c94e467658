PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_uploads` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text,
	`partner_id` text,
	`key` text NOT NULL,
	`bytes` integer NOT NULL,
	`content_type` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`partner_id`) REFERENCES `partners`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "uploads_one_uploader" CHECK((owner_id is null) <> (partner_id is null))
);
--> statement-breakpoint
INSERT INTO `__new_uploads`("id", "owner_id", "partner_id", "key", "bytes", "content_type", "created_at") SELECT "id", "owner_id", NULL, "key", "bytes", "content_type", "created_at" FROM `uploads`;--> statement-breakpoint
DROP TABLE `uploads`;--> statement-breakpoint
ALTER TABLE `__new_uploads` RENAME TO `uploads`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `uploads_key_unique` ON `uploads` (`key`);--> statement-breakpoint
CREATE INDEX `uploads_owner_created_idx` ON `uploads` (`owner_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `uploads_partner_created_idx` ON `uploads` (`partner_id`,`created_at`);