/** Download strings (namespace `downloads`), Chinese source. */
export const zh = {
  saveFailed: '请检查网络链接是否稳定，然后重新下载',
  notSignedIn: '未登录',
  notAuthorized: '无法下载：{{reason}}',
  saved: '已下载 {{count}} 个文件',
  folder: {
    choose: '选择下载文件夹',
    current: '下载到：{{name}}',
    browser: '使用浏览器下载',
    forget: '改用浏览器下载',
    open: '打开下载文件夹：{{name}}',
  },
  offline: {
    title: '离线音色',
    text: '保持离线时，这里列出下载文件夹里的采样（按品牌和类型），直接从磁盘播放，不访问网络。',
    browser: '离线浏览和播放已下载的采样需要桌面应用；浏览器中保持离线只会停止访问音色目录。',
    filter: '按名称筛选',
    empty: '下载文件夹里还没有采样。',
    play: '播放 {{name}}',
    pause: '暂停 {{name}}',
    playFailed: '无法播放：{{reason}}',
    settings: '关闭离线模式（偏好设置）',
  },
  desktop: {
    unknownFiles:
      '下载文件夹中有 {{count}} 个文件不在你的仓库里（不是通过音库下载的，或已从仓库移除）',
    apply: '应用',
    open: '打开文件夹',
    rootSaved: '下载路径已更新',
    startupFailed: '无法设置开机启动：{{reason}}',
  },
  pack: '正在下载音色包 {{name}}',
  credits: {
    left: '剩余 {{count}} 次下载',
    unlimited: '下载不限次数',
    tooltip: '{{label}}（{{balance}}）',
    titles: {
      like: '收藏前需要先下载',
      pack: '下载音色包 {{name}}',
      selection: '下载所选采样',
    },
    cost: '将下载 {{files}} 个文件，使用 {{cost}} 次下载（当前剩余 {{left}} 次）。',
    costUnlimited: '将下载 {{files}} 个文件；你的套餐下载不限次数。',
    likeNote: '收藏未下载的采样会先下载它们。',
    short:
      '下载次数不足：需要 {{cost}} 次，可用 {{available}} 次。没有下载任何文件，也没有扣除次数。',
    plans: '查看套餐',
    confirmLike: '下载并收藏',
    confirmDownload: '下载',
  },
};
