import type { AuditActor } from '@despensa/contracts';
import type { AuditService } from '../modules/audit/service';
import type { ContentEditing, ContentChange } from '../modules/content/editing';
import type { Tx } from '../db/client';
import { defineFlow } from './flow';

export interface ContentChangeModules {
  editing: ContentEditing;
  audit: AuditService;
}

interface ContentCall {
  actor: AuditActor;
  key: string;
}

/** An editor's change to a document and its audit row, in ONE transaction: one commits with the other. */
function contentChangeFlow<I extends ContentCall>(
  { editing, audit }: ContentChangeModules,
  action: string,
  change: (editing: ContentEditing, input: I, tx: Tx) => Promise<ContentChange>,
) {
  return defineFlow<I, null>(`content-${action}`, async (input, { tx, step }) => {
    const { before, after } = await step('change', () => change(editing, input, tx));
    await step('audit', () =>
      audit.record(tx, {
        actor: input.actor,
        action: `content.${action}`,
        subject: `content:${input.key}`,
        before,
        after,
      }),
    );
    return null;
  });
}

export function contentFlows(modules: ContentChangeModules) {
  return {
    saveDraft: contentChangeFlow<ContentCall & { document: unknown; now: Date }>(
      modules,
      'draft',
      (editing, { key, document, now }, tx) => editing.saveDraft(tx, key, document, now),
    ),
    discardDraft: contentChangeFlow<ContentCall>(modules, 'discardDraft', (editing, { key }, tx) =>
      editing.discardDraft(tx, key),
    ),
    publish: contentChangeFlow<ContentCall & { publishAt: Date | null; now: Date }>(
      modules,
      'publish',
      (editing, { key, publishAt, now }, tx) => editing.publish(tx, key, publishAt, now),
    ),
    cancelSchedule: contentChangeFlow<ContentCall>(modules, 'cancelSchedule', (editing, { key }, tx) =>
      editing.cancelSchedule(tx, key),
    ),
  };
}
