import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import type { ScheduledBanner } from '@despensa/contracts';
import { Icon } from '../../../ui/icon';
import { useMediaQuery } from '../../../lib/use-media-query';
import { BannerPicture } from '../../../ui/banner-picture';

/**
 * The home hero (APG carousel pattern): only live banners reach it (the loader filters by date); it rotates
 * every `autoplayMs` unless paused, hovered, focused or the shopper prefers reduced motion.
 */
export function HeroCarousel({
  title,
  banners,
  autoplayMs,
}: {
  title: string;
  banners: ScheduledBanner[];
  autoplayMs: number;
}) {
  const id = useId();
  const [current, setCurrent] = useState(0);
  // Reduced motion: the carousel starts paused (§2); the shopper may still play it.
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const [playChoice, setPlaying] = useState<boolean | null>(null);
  const playing = playChoice ?? !reducedMotion;
  const [held, setHeld] = useState(false);
  const count = banners.length;

  useEffect(() => {
    if (!playing || held || count < 2) return;
    const timer = setInterval(() => setCurrent((index) => (index + 1) % count), autoplayMs);
    return () => clearInterval(timer);
  }, [playing, held, count, autoplayMs]);

  if (count === 0) return null;
  const go = (step: number) => setCurrent((index) => (index + step + count) % count);

  return (
    <section
      className="hero"
      aria-roledescription="carrusel"
      aria-label={title}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHeld(false);
      }}
    >
      <div id={`${id}-slides`} className="hero__slides" aria-live={playing && !held ? 'off' : 'polite'}>
        {banners.map((banner, index) => (
          <HeroSlide key={banner.id} banner={banner} index={index} count={count} shown={index === current} />
        ))}
      </div>
      {count > 1 ? (
        <div className="hero__controls">
          <button
            type="button"
            className="hero__button"
            aria-label={playing ? 'Pausar carrusel' : 'Reanudar carrusel'}
            onClick={() => setPlaying(!playing)}
          >
            <Icon name={playing ? 'pause' : 'play'} size={20} />
          </button>
          <button
            type="button"
            className="hero__button"
            aria-controls={`${id}-slides`}
            aria-label="Anterior"
            onClick={() => go(-1)}
          >
            <Icon name="chevron-left" size={20} />
          </button>
          <HeroDots banners={banners} slidesId={`${id}-slides`} current={current} onGo={setCurrent} />
          <button
            type="button"
            className="hero__button"
            aria-controls={`${id}-slides`}
            aria-label="Siguiente"
            onClick={() => go(1)}
          >
            <Icon name="chevron" size={20} />
          </button>
        </div>
      ) : null}
    </section>
  );
}

/** One banner of the carousel; the first loads at once, the others when shown. */
function HeroSlide({
  banner,
  index,
  count,
  shown,
}: {
  banner: ScheduledBanner;
  index: number;
  count: number;
  shown: boolean;
}) {
  return (
    <div
      role="group"
      aria-roledescription="diapositiva"
      aria-label={`${index + 1} de ${count}: ${banner.title}`}
      className="hero__slide"
      hidden={!shown}
    >
      <Link to={banner.url} className="hero__link">
        <BannerPicture banner={banner} source="mobile" media="(max-width: 549px)" first={index === 0} />
      </Link>
    </div>
  );
}

/** A dot per banner: the shown one is current, a press shows its banner. */
function HeroDots({
  banners,
  slidesId,
  current,
  onGo,
}: {
  banners: ScheduledBanner[];
  slidesId: string;
  current: number;
  onGo: (index: number) => void;
}) {
  return (
    <ul className="hero__dots">
      {banners.map((banner, index) => (
        <li key={banner.id}>
          <button
            type="button"
            className="hero__dot"
            aria-controls={slidesId}
            aria-label={`Ir a la diapositiva ${index + 1}`}
            aria-current={index === current ? 'true' : undefined}
            onClick={() => onGo(index)}
          />
        </li>
      ))}
    </ul>
  );
}
