CREATE TABLE `claim_payouts` (
	`id` text PRIMARY KEY NOT NULL,
	`claim_id` text NOT NULL,
	`order_id` text NOT NULL,
	`vendor_id` text,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`receiver` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`provider` text NOT NULL,
	`provider_batch_id` text,
	`provider_item_id` text,
	`provider_status` text,
	`transaction_id` text,
	`failure_reason` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`settled_at` integer,
	FOREIGN KEY (`claim_id`) REFERENCES `claims`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `claim_payouts_provider_batch_id_unique` ON `claim_payouts` (`provider_batch_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `claim_payouts_provider_item_id_unique` ON `claim_payouts` (`provider_item_id`);--> statement-breakpoint
CREATE INDEX `claim_payouts_claim_idx` ON `claim_payouts` (`claim_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `claim_payouts_status_idx` ON `claim_payouts` (`status`);--> statement-breakpoint
ALTER TABLE `claims` ADD `refund_part` integer;--> statement-breakpoint
ALTER TABLE `claims` ADD `payout_part` integer;--> statement-breakpoint
ALTER TABLE `claims` ADD `payout_email` text;--> statement-breakpoint
ALTER TABLE `claims` ADD `payout_status` text;--> statement-breakpoint
ALTER TABLE `claims` ADD `payout_failure` text;