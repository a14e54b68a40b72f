import { brandColor } from '../theme';

/** The console's mark: a card on the brand colour. */
export function BrandIcon() {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
      <rect width="24" height="24" rx="6" fill={brandColor} />
      <rect x="5" y="7" width="14" height="10" rx="2" fill="#fff" />
      <rect x="5" y="9.5" width="14" height="2" fill={brandColor} />
    </svg>
  );
}
