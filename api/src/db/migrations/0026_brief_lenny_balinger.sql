DROP INDEX `order_commissions_payment_unique`;--> statement-breakpoint
CREATE INDEX `order_commissions_payment_idx` ON `order_commissions` (`payment_id`);--> statement-breakpoint
ALTER TABLE `refunds` ADD `order_id` text;