CREATE TABLE `partner_secret_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`partner_id` text NOT NULL,
	`mode` text NOT NULL,
	`prefix` text NOT NULL,
	`key_hash` text NOT NULL,
	`expires_at` integer,
	`revoked_at` integer,
	`last_used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`partner_id`) REFERENCES `partners`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `partner_secret_keys_hash_idx` ON `partner_secret_keys` (`key_hash`);--> statement-breakpoint
CREATE INDEX `partner_secret_keys_partner_idx` ON `partner_secret_keys` (`partner_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `webhook_deliveries` (
	`id` text PRIMARY KEY NOT NULL,
	`endpoint_id` text NOT NULL,
	`partner_id` text NOT NULL,
	`event_id` text NOT NULL,
	`outbox_event_id` text NOT NULL,
	`target` text NOT NULL,
	`event_type` text NOT NULL,
	`attempt` integer NOT NULL,
	`status` text NOT NULL,
	`status_code` integer,
	`latency_ms` integer,
	`response_excerpt` text,
	`error` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`endpoint_id`) REFERENCES `webhook_endpoints`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `webhook_deliveries_endpoint_idx` ON `webhook_deliveries` (`endpoint_id`,`id`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_outbox_idx` ON `webhook_deliveries` (`outbox_event_id`,`target`);--> statement-breakpoint
CREATE TABLE `webhook_endpoints` (
	`id` text PRIMARY KEY NOT NULL,
	`partner_id` text NOT NULL,
	`url` text NOT NULL,
	`events` text NOT NULL,
	`description` text,
	`secret` text NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`disabled_reason` text,
	`disabled_at` integer,
	`failing_since` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`partner_id`) REFERENCES `partners`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `webhook_endpoints_partner_idx` ON `webhook_endpoints` (`partner_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `partners` ADD `key_rate_limit_per_minute` integer DEFAULT 3000 NOT NULL;--> statement-breakpoint
ALTER TABLE `partners` ADD `secret_key_rate_limit_per_minute` integer DEFAULT 600 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `partner_id` text REFERENCES partners(id);--> statement-breakpoint
ALTER TABLE `outbox_deliveries` ADD `retry_from` integer;