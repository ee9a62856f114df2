import type { AppKeyView, AuditActor, IntegrationScope } from '@despensa/contracts';
import type { AuditService } from '../modules/audit/service';
import type { IntegrationService } from '../modules/integration/service';
import type { PricingService } from '../modules/pricing/service';
import { defineFlow } from './flow';

export interface BackOfficeModules {
  integration: IntegrationService;
  pricing: PricingService;
  audit: AuditService;
}

/** An administrator creates an app key: the key and its audit row commit together (the token is never logged). */
export function createAppKeyFlow({ integration, audit }: BackOfficeModules) {
  return defineFlow<
    {
      actor: AuditActor;
      body: { label: string; scopes: IntegrationScope[]; ratePerSecond: number; burst: number };
    },
    AppKeyView & { appToken: string }
  >('create-app-key', async ({ actor, body }, { tx, step }) => {
    const { key, appToken } = await step('createKey', () =>
      integration.create(tx, { ...body, createdBy: actor.id }),
    );
    await step('audit', () =>
      audit.record(tx, {
        actor,
        action: 'appKey.create',
        subject: `appKey:${key.appKey}`,
        before: null,
        after: key,
      }),
    );
    return { ...key, appToken };
  });
}

export function revokeAppKeyFlow({ integration, audit }: BackOfficeModules) {
  return defineFlow<{ actor: AuditActor; appKey: string }, AppKeyView>(
    'revoke-app-key',
    async ({ actor, appKey }, { tx, step }) => {
      const { before, after } = await step('revokeKey', () => integration.revoke(tx, appKey));
      await step('audit', () =>
        audit.record(tx, { actor, action: 'appKey.revoke', subject: `appKey:${appKey}`, before, after }),
      );
      return after;
    },
  );
}

/** The chain's pricing settings (whether a price may go under cost), with their audit row. */
export function pricingSettingsFlow({ pricing, audit }: BackOfficeModules) {
  return defineFlow<{ actor: AuditActor; forbidBelowCost: boolean }, { forbidBelowCost: boolean }>(
    'pricing-settings',
    async ({ actor, forbidBelowCost }, { tx, step }) => {
      const { before, after } = await step('storeSettings', () =>
        pricing.setSettings(tx, { forbidBelowCost }),
      );
      await step('audit', () =>
        audit.record(tx, { actor, action: 'pricing.settings', subject: 'pricing:settings', before, after }),
      );
      return after;
    },
  );
}
