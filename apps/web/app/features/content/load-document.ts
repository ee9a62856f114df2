import { data } from 'react-router';
import {
  failureCodeOf,
  type CmsDocumentKey,
  type CmsDocumentMap,
  type StorefrontServices,
} from '@despensa/contracts';

/** A CMS document by key, or null when the CMS has none (other failures propagate). */
export async function loadDocument<K extends CmsDocumentKey>(
  services: StorefrontServices,
  key: K,
): Promise<CmsDocumentMap[K] | null> {
  try {
    return (await services.content.document(key, services.brand.sellerId)) as CmsDocumentMap[K];
  } catch (error) {
    if (failureCodeOf(error) === 'contentNotFound') return null;
    throw error;
  }
}

/** Like loadDocument, but a missing document is the page's 404. */
export async function requireDocument<K extends CmsDocumentKey>(
  services: StorefrontServices,
  key: K,
): Promise<CmsDocumentMap[K]> {
  const document = await loadDocument(services, key);
  if (document === null) throw data(null, { status: 404 });
  return document;
}

/** Slugs come from the address: only the characters CMS keys use reach the CMS. */
export function isContentSlug(slug: string): boolean {
  return /^[a-z0-9][a-z0-9-]{0,100}$/.test(slug);
}
