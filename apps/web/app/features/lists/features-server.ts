import { data, redirect } from 'react-router';
import { failureCodeOf, type StorefrontServices } from '@despensa/contracts';
import type { FeatureFlag } from '@despensa/domain';
import { endSession } from '../account/server';

/** A §9 flagged page or action: switched off, it is not there (404), like an unknown path. */
export async function requireFeature(services: StorefrontServices, flag: FeatureFlag): Promise<void> {
  const flags = await services.flags.all();
  if (!flags[flag]) throw data(null, { status: 404 });
}

/**
 * §6/§8: a 401 on lists logs the shopper out and goes home. Runs a list call; a notLoggedIn failure becomes
 * that redirect, with the session, delivery choice and cart cookies cleared.
 */
export async function orLogOutHome<T>(
  services: StorefrontServices,
  request: Request,
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (failureCodeOf(error) !== 'notLoggedIn') throw error;
    const { headers } = await endSession(services, request);
    throw redirect('/', { headers });
  }
}
