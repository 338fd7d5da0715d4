/** Preferences strings (namespace `preferences`), Chinese source. */
export const zh = {
  title: '偏好设置',
  language: '语言',
  theme: '显示模式',
  followSystem: '跟随系统',
  mainColour: '主题色',
  resetColour: '恢复默认',
  assetSort: '资源排序',
  volume: '音量',
  downloadPath: '下载路径',
  downloadPathHint: '桌面应用把下载保存到这个文件夹下的 sounds/packs/品牌/类型/ 中。',
  downloadPathPlaceholder: '例如 D:\\Music\\Yinku',
  appStartup: '开机启动',
  appStartupHint: '仅在桌面应用中生效。',
  stayOffline: '保持离线',
  stayOfflineHint:
    '开启后不再请求音色目录，音色页面和侧边栏导航不可用；离线播放已下载的采样需要桌面应用。',
  stayOfflineHintDesktop:
    '开启后不再请求音色目录；已下载的采样可以在「离线音色」中按品牌和类型浏览，并直接从下载文件夹播放。',
  offlineLibrary: '打开离线音色',
  saved: '设置已保存',
};
