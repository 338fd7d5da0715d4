/** Sample-player strings (namespace `player`), Chinese source. */
export const zh = {
  label: '采样播放器',
  play: '播放',
  pause: '暂停',
  previous: '上一个',
  next: '下一个',
  loop: {
    label: '循环模式：{{mode}}',
    modes: { off: '顺序播放', list: '列表循环', one: '单曲循环', random: '随机播放' },
  },
  volume: '音量',
  volumeButton: '音量 {{value}}',
  progress: '播放进度',
  playList: '播放列表',
  playListEmpty: '播放列表为空',
  audition: '试听模式',
  spectrum: '实时频谱',
  nothing: '未在播放',
  needsInteraction: '点击任意位置以启用声音',
  decryptFailed: '音频解密失败，无法播放',
  signInToPlay: '未登录：登录后即可播放此采样（它没有公开试听）',
};
