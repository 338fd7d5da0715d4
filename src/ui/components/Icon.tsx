import { ICON_PATHS, type IconName } from './icon-paths.ts';

/** Props of Icon: decorative unless a `title` is given. */
export interface IconProps {
  name: IconName;
  size?: number;
  title?: string;
  className?: string;
}

/** An inline SVG icon in the current text colour. */
export function Icon({ name, size = 20, title, className }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="currentColor"
      className={className}
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
      focusable="false"
    >
      <path d={ICON_PATHS[name]} />
    </svg>
  );
}
