import { describe, expect, it } from 'vitest';
import { fileBlob, groupFiles } from './offline-library.ts';

describe('groupFiles', () => {
  const paths = [
    'sounds/packs/Neon/Drums/Snare.wav',
    'sounds/packs/Jade/Guzheng/Gliss.mp3',
    'sounds/packs/Neon/Drums/Kick.wav',
  ];

  it('groups by brand and type, sorted, names sorted within', () => {
    expect(groupFiles(paths).map(([group, files]) => [group, files.map((f) => f.name)])).toEqual([
      ['Jade · Guzheng', ['Gliss.mp3']],
      ['Neon · Drums', ['Kick.wav', 'Snare.wav']],
    ]);
  });

  it('narrows by name, ignoring case', () => {
    expect(groupFiles(paths, ' kick ')).toEqual([
      ['Neon · Drums', [{ path: paths[2], name: 'Kick.wav', group: 'Neon · Drums' }]],
    ]);
  });
});

describe('fileBlob', () => {
  it('decodes base64 and types the blob by extension', async () => {
    const blob = fileBlob('a/b/c.WAV', btoa('RIFF'));
    expect(blob.type).toBe('audio/wav');
    expect(await blob.text()).toBe('RIFF');
    expect(fileBlob('x.bin', '').type).toBe('application/octet-stream');
  });
});
