import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { normalizeText, type LngLat } from '@despensa/domain';

export const NOMINATIM_SANDBOX_PREFIX = '/sandbox/nominatim';

interface DemoStreet {
  road: string;
  comuna: string;
  region: string;
  point: LngLat;
}

/**
 * The streets the demo and the journeys use, at street level. The two in Pedro Aguirre Cerda lie on either
 * side of the demo exclusion zone's edge (apps/server/src/seed/stores/zones.ts): Club Hípico inside it,
 * Departamental outside, though both are the same comuna.
 */
const DEMO_STREETS: readonly DemoStreet[] = [
  { road: 'Avenida Providencia', comuna: 'Providencia', region: 'Santiago', point: [-70.6195, -33.4295] },
  {
    road: 'Avenida Club Hípico',
    comuna: 'Pedro Aguirre Cerda',
    region: 'Santiago',
    point: [-70.6365, -33.469],
  },
  {
    road: 'Avenida Departamental',
    comuna: 'Pedro Aguirre Cerda',
    region: 'Santiago',
    point: [-70.648, -33.478],
  },
  { road: 'Pasarela Principal', comuna: 'Tortel', region: 'Aysén', point: [-73.566, -47.7985] },
];

const searchQuery = z.object({
  q: z.string().max(500).optional(),
  street: z.string().max(300).optional(),
  city: z.string().max(200).optional(),
  county: z.string().max(200).optional(),
  state: z.string().max(200).optional(),
  format: z.string().max(20).optional(),
});

/** 'Av. Club Hípico' and 'Avenida Club Hipico' are one street to the sandbox, as to Nominatim. */
function words(text: string): string {
  return ` ${normalizeText(text)
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(/\bav(da)?\b/g, 'avenida')
    .trim()} `;
}

/** The demo street a search names (its road and comuna both in it), with the house number asked. */
function findDemoStreet(query: z.infer<typeof searchQuery>): { street: DemoStreet; number: string } | null {
  const asked = words([query.q, query.street, query.city, query.county].filter(Boolean).join(' '));
  const street = DEMO_STREETS.find((s) => asked.includes(words(s.road)) && asked.includes(words(s.comuna)));
  if (!street) return null;
  return { street, number: /\b(\d{1,6})\b/.exec(query.street ?? query.q ?? '')?.[1] ?? '' };
}

/**
 * A Nominatim-speaking /search (format jsonv2) that knows the demo streets, so GEOCODER_URL pointing
 * here exercises the real HTTP client. Anything else answers [] as Nominatim does for an unknown place.
 */
export function nominatimSandboxRoutes(): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      `${NOMINATIM_SANDBOX_PREFIX}/search`,
      { schema: { hide: true, querystring: searchQuery } },
      async (request) => {
        const found = findDemoStreet(request.query);
        if (!found) return [];
        const { street, number } = found;
        const [lng, lat] = street.point;
        return [
          {
            place_id: DEMO_STREETS.indexOf(street) + 1,
            lat: lat.toFixed(7),
            lon: lng.toFixed(7),
            display_name: [number, street.road, street.comuna, street.region, 'Chile']
              .filter(Boolean)
              .join(', '),
            class: number ? 'place' : 'highway',
            type: number ? 'house' : 'primary',
            place_rank: number ? 30 : 26,
            importance: 0.2,
            address: {
              road: street.road,
              ...(number ? { house_number: number } : {}),
              city: street.comuna,
              state: street.region,
              country: 'Chile',
              country_code: 'cl',
            },
          },
        ];
      },
    );
  };
}
