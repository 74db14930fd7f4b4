export type { BatchJobHandler, Job, JobHandler, JobQueue, QueueDefinition } from './job-queue.ts';
export { startPgBossQueue } from './pg-boss-queue.ts';
export {
  HOUSEKEEPING_QUEUE,
  LABEL_FAILED_QUEUE,
  LABEL_QUEUE,
  LABEL_RETENTION_QUEUE,
  REFUND_VOIDS_QUEUE,
  queueDefinitions,
  type LabelJobData,
} from './queues.ts';
export { startWorkers, warmUpLabels } from './workers.ts';
