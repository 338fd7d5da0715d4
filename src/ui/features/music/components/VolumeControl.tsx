import styled from 'styled-components';
import { DEFAULTS } from '../../../../shared/index.ts';
import { Icon, Slider } from '../../../components/index.ts';
import { musicVolumeIcon } from '../../../stores/music-player.store.ts';

const Row = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
  width: 140px;
`;

/** Music volume: 0–1 in 0.01 steps, with the icon changing at 0.7 and 0.3 (docs/PRODUCT.md §9). */
export function VolumeControl({
  volume,
  label,
  onChange,
}: {
  volume: number;
  label: string;
  onChange(volume: number): void;
}) {
  const icon = musicVolumeIcon(volume);
  return (
    <Row>
      <span data-testid="music-volume-icon" data-icon={icon}>
        <Icon name={icon} size={18} />
      </span>
      <Slider
        label={label}
        min={DEFAULTS.musicVolume.min}
        max={DEFAULTS.musicVolume.max}
        step={DEFAULTS.musicVolume.step}
        value={volume}
        onChange={onChange}
      />
    </Row>
  );
}
