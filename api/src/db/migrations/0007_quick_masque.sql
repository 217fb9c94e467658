CREATE TABLE `vendor_documents` (
	`id` text PRIMARY KEY NOT NULL,
	`vendor_id` text NOT NULL,
	`key` text NOT NULL,
	`name` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`vendor_id`) REFERENCES `vendors`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `vendor_documents_key_unique` ON `vendor_documents` (`key`);--> statement-breakpoint
CREATE INDEX `vendor_documents_vendor_idx` ON `vendor_documents` (`vendor_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `vendor_onboarding` (
	`vendor_id` text PRIMARY KEY NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`step` integer DEFAULT 1 NOT NULL,
	`answers` text NOT NULL,
	`submitted_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`vendor_id`) REFERENCES `vendors`(`id`) ON UPDATE no action ON DELETE cascade
);
