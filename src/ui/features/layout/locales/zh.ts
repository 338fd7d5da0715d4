/** Layout strings (namespace `layout`), Chinese source. */
export const zh = {
  home: '音库首页',
  nav: { sounds: '音色', music: '音乐', pricing: '价格', label: '主导航', openMenu: '打开菜单' },
  visitor: { login: '登录', register: '注册' },
  search: { toggle: '搜索' },
  avatar: {
    admin: '管理后台',
    menu: '账户菜单',
    viewProfile: '查看资料',
    settings: '设置',
    installApp: '安装桌面应用',
    terms: '服务条款',
    privacy: '隐私政策',
    logout: '退出登录',
  },
  sidebar: {
    label: '音色导航',
    offline: '离线模式下导航不可用',
    groups: { browse: '浏览', stockroom: '仓库', liked: '收藏' },
  },
  theme: { toDark: '切换到深色模式', toLight: '切换到浅色模式' },
  language: '语言',
};
