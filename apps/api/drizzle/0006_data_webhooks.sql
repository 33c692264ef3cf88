-- Issue 14: junk_job.created is a Data API webhook now, written to the company's data endpoints when the
-- job is made. The rows confirm-job wrote before (channel 'event', status 'kept') waited for a consumer that
-- never existed: no Data API endpoint could be added until now, and an endpoint receives the events from
-- the time it is added, never earlier ones. They are deleted rather than delivered late (they hold no
-- money and nothing anyone is owed; GET /data/v1/junk-jobs has every job). docs/decisions.md,
-- "Data webhooks and office moves".
DELETE FROM "outbox" WHERE "channel" = 'event';
