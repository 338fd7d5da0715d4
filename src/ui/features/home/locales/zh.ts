/** Home-page strings (namespace `home`), Chinese source. */
export const zh = {
  title: '为音乐人准备的采样库',
  subtitle: '浏览、搜索、试听上万个采样和音色包，下载到整理好的文件夹，收藏你喜欢的声音。',
  browse: '浏览音色',
  join: '免费注册',
  trending: '热门音色包',
  newSounds: '最新采样',
  viewAll: '查看全部',
  play: '播放 {{name}}',
  pause: '暂停 {{name}}',
  features: {
    instantTitle: '即点即听',
    instantText: '试听几乎没有延迟，快速找到合适的声音。',
    organisedTitle: '井井有条',
    organisedText: '下载按品牌和类型自动归档到你的文件夹。',
    chineseTitle: '中国风',
    chineseText: '古筝、琵琶、二胡、笛子等民族乐器音色。',
  },
};
