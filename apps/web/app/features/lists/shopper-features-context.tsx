import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useFetcher } from 'react-router';
import { DEFAULT_FEATURE_FLAGS } from '@despensa/domain';
import { FAVOURITES_ACTION_PATH } from './paths';
import type { ShopperFeatures } from './shopper-features';

interface ShopperFeaturesState extends ShopperFeatures {
  isFavourite(skuId: string): boolean;
  setFavourite(skuId: string, favourite: boolean): void;
}

const ShopperFeaturesContext = createContext<ShopperFeaturesState | null>(null);

/**
 * The §9 flags and the shopper's hearts for every card. One context and one fetcher for the whole page:
 * a hook per card that reads the router's state would re-render every card on each cart change.
 */
export function ShopperFeaturesProvider({
  features,
  children,
}: {
  features: ShopperFeatures;
  children: ReactNode;
}) {
  const fetcher = useFetcher({ key: 'favourites' });
  const submit = fetcher.submit;
  // Hearts changed here and not yet in the root loader's answer (optimistic).
  const [pending, setPending] = useState<Record<string, boolean>>({});
  const [answered, setAnswered] = useState(features);
  if (answered !== features) {
    setAnswered(features);
    setPending({});
  }
  const setFavourite = useCallback(
    (skuId: string, favourite: boolean) => {
      setPending((current) => ({ ...current, [skuId]: favourite }));
      void submit(
        { skuId, favourite: String(favourite) },
        { method: 'post', action: FAVOURITES_ACTION_PATH },
      );
    },
    [submit],
  );
  const value = useMemo(() => {
    const hearted = new Set(features.favouriteSkuIds);
    return {
      ...features,
      isFavourite: (skuId: string) => pending[skuId] ?? hearted.has(skuId),
      setFavourite,
    };
  }, [features, pending, setFavourite]);
  return <ShopperFeaturesContext.Provider value={value}>{children}</ShopperFeaturesContext.Provider>;
}

const OUTSIDE: ShopperFeaturesState = {
  flags: { ...DEFAULT_FEATURE_FLAGS },
  favouriteSkuIds: [],
  lists: [],
  isFavourite: () => false,
  setFavourite: () => {},
};

/** Outside the provider (a bare error page): the default flags and no hearts. */
export function useShopperFeatures(): ShopperFeaturesState {
  return useContext(ShopperFeaturesContext) ?? OUTSIDE;
}
