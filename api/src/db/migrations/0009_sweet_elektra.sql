CREATE TABLE `job_leases` (
	`name` text PRIMARY KEY NOT NULL,
	`holder` text NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `quote_log` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`service_type` text NOT NULL,
	`from` text,
	`to` text,
	`parcels` text NOT NULL,
	`option_count` integer NOT NULL,
	`cheapest_total` integer,
	`currency` text,
	`user_id` text,
	`partner_id` text
);
--> statement-breakpoint
CREATE INDEX `quote_log_created_idx` ON `quote_log` (`created_at`);--> statement-breakpoint
CREATE INDEX `quote_log_partner_idx` ON `quote_log` (`partner_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `quote_services` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`facts` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `quote_services_facts_unique` ON `quote_services` (`facts`);--> statement-breakpoint
DROP INDEX `quotes_created_idx`;--> statement-breakpoint
DROP INDEX `quotes_partner_idx`;--> statement-breakpoint
ALTER TABLE `quotes` ADD `options` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `quotes` ADD `distance_miles` real;--> statement-breakpoint
ALTER TABLE `quotes` ADD `distance_source` text;--> statement-breakpoint
ALTER TABLE `quotes` ADD `booked_at` integer;--> statement-breakpoint
CREATE INDEX `quotes_expires_idx` ON `quotes` (`expires_at`);--> statement-breakpoint
ALTER TABLE `quotes` DROP COLUMN `option_count`;--> statement-breakpoint
-- -----------------------------------------------------------------------------------------------
-- Data migration, written by hand (issue 12): each quote's quote_options rows become its compact
-- `options` column (see StoredOption in schema/quotes.ts), their service facts rows in
-- quote_services, and every quote gets its quote_log line. An option's id becomes
-- `<quote id>.<position>`, so orders' quote_option_id is rewritten to the new form, and a quote
-- an order was made from is marked booked (the retention job keeps it). Finally quote_options goes.
-- -----------------------------------------------------------------------------------------------
CREATE TABLE `__migrating_options` AS
  SELECT
    o.`id`, o.`quote_id`, o.`position`, o.`net`, o.`vat`, o.`total`, o.`currency`,
    o.`chargeable_weight_kg` AS `kg`,
    CASE json_extract(o.`snapshot`, '$.billedBy') WHEN 'volumetric' THEN 1 ELSE 0 END AS `volumetric`,
    CAST(julianday(o.`estimated_delivery`) - 2440587.5 AS INTEGER) AS `day`,
    json_extract(o.`snapshot`, '$.distance.miles') AS `miles`,
    json_extract(o.`snapshot`, '$.distance.source') AS `source`,
    -- The same keys in the same order as factsOf() in features/quotes/quote-record.ts.
    json_object(
      'courierServiceId', o.`courier_service_id`,
      'vendorId', o.`vendor_id`,
      'name', json_extract(o.`snapshot`, '$.courierService.name'),
      'logoUrl', json_extract(o.`snapshot`, '$.courierService.logoUrl'),
      'vendorName', json_extract(o.`snapshot`, '$.vendor.name'),
      'serviceType', o.`service_type`,
      'currency', o.`currency`,
      'transitDays', json_extract(o.`snapshot`, '$.transitDays'),
      'limits', json_set(
        json_extract(o.`snapshot`, '$.limits'),
        '$.volumetricDivisor',
        coalesce(json_extract(o.`snapshot`, '$.limits.volumetricDivisor'), 5000)
      )
    ) AS `facts`
  FROM `quote_options` o;
--> statement-breakpoint
INSERT OR IGNORE INTO `quote_services` (`facts`) SELECT DISTINCT `facts` FROM `__migrating_options` ORDER BY 1;
--> statement-breakpoint
UPDATE `quotes` SET
  `options` = coalesce((
    SELECT json_group_array(json(`entry`)) FROM (
      SELECT json_array(s.`id`, m.`net`, m.`vat`, m.`total`, m.`kg`, m.`volumetric`, m.`day`) AS `entry`
      FROM `__migrating_options` m JOIN `quote_services` s ON s.`facts` = m.`facts`
      WHERE m.`quote_id` = `quotes`.`id` ORDER BY m.`position`
    )
  ), '[]'),
  `distance_miles` = (SELECT m.`miles` FROM `__migrating_options` m WHERE m.`quote_id` = `quotes`.`id` AND m.`miles` IS NOT NULL LIMIT 1),
  `distance_source` = (SELECT m.`source` FROM `__migrating_options` m WHERE m.`quote_id` = `quotes`.`id` AND m.`miles` IS NOT NULL LIMIT 1),
  `booked_at` = (
    SELECT min(r.`created_at`) FROM `orders` r JOIN `__migrating_options` m ON m.`id` = r.`quote_option_id`
    WHERE m.`quote_id` = `quotes`.`id`
  );
--> statement-breakpoint
UPDATE `orders` SET `quote_option_id` = (
  SELECT m.`quote_id` || '.' || m.`position` FROM `__migrating_options` m WHERE m.`id` = `orders`.`quote_option_id`
) WHERE `quote_option_id` IN (SELECT `id` FROM `__migrating_options`);
--> statement-breakpoint
INSERT INTO `quote_log` (
  `id`, `created_at`, `expires_at`, `service_type`, `from`, `to`, `parcels`, `option_count`,
  `cheapest_total`, `currency`, `user_id`, `partner_id`
)
SELECT
  q.`id`, q.`created_at`, q.`expires_at`, q.`service_type`,
  coalesce(
    json_extract(q.`request`, '$.fromPostcode'),
    json_extract(q.`request`, '$.from'),
    CASE q.`service_type` WHEN 'international' THEN 'GB' END
  ),
  coalesce(json_extract(q.`request`, '$.toPostcode'), json_extract(q.`request`, '$.to')),
  json_extract(q.`request`, '$.parcels'),
  json_array_length(q.`options`),
  (SELECT m.`total` FROM `__migrating_options` m WHERE m.`quote_id` = q.`id` ORDER BY m.`position` LIMIT 1),
  (SELECT m.`currency` FROM `__migrating_options` m WHERE m.`quote_id` = q.`id` ORDER BY m.`position` LIMIT 1),
  q.`user_id`, q.`partner_id`
FROM `quotes` q;
--> statement-breakpoint
DROP TABLE `__migrating_options`;
--> statement-breakpoint
DROP TABLE `quote_options`;
