CREATE TABLE `outbox_deliveries` (
	`event_id` text NOT NULL,
	`subscriber` text NOT NULL,
	`target` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`locked_until` integer,
	`last_error` text,
	`delivered_at` integer,
	PRIMARY KEY(`event_id`, `subscriber`, `target`),
	FOREIGN KEY (`event_id`) REFERENCES `outbox_events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `outbox_deliveries_due_idx` ON `outbox_deliveries` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `outbox_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`created` integer NOT NULL,
	`data` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `outbox_events_created_idx` ON `outbox_events` (`created`);