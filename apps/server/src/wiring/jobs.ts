import type { EventBus } from '../jobs/events';
import { JobQueue } from '../jobs/queue';
import type { Mailer } from '../providers/mail/mailer';
import { OutboxMailer } from '../providers/mail/outbox';
import type { Setting } from './providers';
import type { FlowServices, ModuleServices } from './services';

/** Starts the job queue (pg-boss): the sweeps and schedules, the outbox's mail, and the bus's events. */
export async function startJobs(
  { app, database, clock }: Setting,
  modules: ModuleServices,
  flows: FlowServices,
  mailer: Mailer,
  events: EventBus,
): Promise<JobQueue> {
  const jobs = new JobQueue(
    database,
    modules.delivery,
    modules.catalog,
    flows.checkout,
    clock,
    (message) => app.log.info(message),
    flows.recurringLists,
    flows.primeMemberships,
    mailer instanceof OutboxMailer ? mailer : null,
    flows.abandonedCarts,
    events,
  );
  await jobs.start();
  return jobs;
}
