import { Icon } from '#web/components/ui/icons';

/** The line icons of the landing page's feature cards. */
export type FeatureIconName = 'sparkles' | 'heart' | 'chart' | 'megaphone';

const ICON_PATHS: Record<FeatureIconName, string> = {
  sparkles:
    'M12 3l1.8 4.7L18.5 9.5l-4.7 1.8L12 16l-1.8-4.7L5.5 9.5l4.7-1.8zM19 15l.9 2.1L22 18l-2.1.9L19 21l-.9-2.1L16 18l2.1-.9z',
  heart: 'M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z',
  chart: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  megaphone: 'M3 10v4h3l6 4V6L6 10zM15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13',
};

/** A decorative 24 px icon; hidden from assistive technology because the card's heading names it. */
export function FeatureIcon({ name }: { name: FeatureIconName }) {
  return (
    <Icon className="feature-card__icon" width="24" height="24">
      <path d={ICON_PATHS[name]} />
    </Icon>
  );
}
