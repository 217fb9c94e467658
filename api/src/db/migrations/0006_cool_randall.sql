ALTER TABLE `orders` ADD `price_valid_until` integer;--> statement-breakpoint
-- Data migration (hand-written): orders booked before this column existed get the 30 minutes
-- their quote held from booking, so old unpaid orders stop being payable and the sweep expires them.
UPDATE `orders` SET `price_valid_until` = `created_at` + 1800000 WHERE `status` = 'awaiting_payment' AND `quote_option_id` IS NOT NULL AND `price_valid_until` IS NULL;
