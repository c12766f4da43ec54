// The words of docsite's theme in the site's language. The theme writes its strings in English and asks for
// each by its English text (`useThemeString` in templates/hooks); a site whose default locale is not English
// ships, in its site data, the translation of each string its language has. A site's own
// `i18n/<locale>/code.json` (Docusaurus's file of theme translations) wins, string by string, through the
// Docusaurus ids below. English sites ship nothing: their pages are as before.

/** Every string of the theme that a reader sees or hears (aria labels too), by its English text. */
export const THEME_STRINGS = [
  'On this page',
  'Table of contents',
  'Previous',
  'Next',
  'Docs pages',
  'Edit this page',
  'Last updated on',
  'by',
  'Version:',
  'Documentation version',
  'Tags:',
  'View all tags',
  'Read more',
  'min read',
  'Newer post',
  'Older post',
  'Search',
  'Search the documentation',
  'Search query',
  'Type to search',
  'Search results',
  'Search is unavailable',
  'Loading...',
  'Page Not Found',
  'We could not find what you were looking for. The page may have moved, or the link that brought you here may be out of date.',
  'Go to the home page',
  'or',
  'browse the documentation',
  'Perhaps you were looking for',
  'Search results for',
  'Search runs in your browser and needs JavaScript.',
  'No results for',
  'See all results',
  'All versions',
  'Every post, newest first.',
  'View all authors',
  'Breadcrumbs',
  'Home page',
  'Docs sidebar',
  'Main',
  'Toggle navigation bar',
  'Close navigation bar',
  'Navigation menu',
  'Close announcement',
  'Switch between dark and light mode',
  'This documentation is for a version that is not released yet.',
  'This documentation is for a version that is no longer maintained.',
  'See this page in the latest version',
] as const;

export type ThemeString = (typeof THEME_STRINGS)[number];

/** Docusaurus's translation ids (`code.json` keys) of the strings that have one. */
export const DOCUSAURUS_IDS: Record<string, ThemeString> = {
  'theme.TOCCollapsible.toggleButtonLabel': 'On this page',
  'theme.docs.paginator.previous': 'Previous',
  'theme.docs.paginator.next': 'Next',
  'theme.docs.paginator.navAriaLabel': 'Docs pages',
  'theme.common.editThisPage': 'Edit this page',
  'theme.tags.tagsListLabel': 'Tags:',
  'theme.tags.tagsPageLink': 'View all tags',
  'theme.blog.post.readMore': 'Read more',
  'theme.blog.post.paginator.newerPost': 'Newer post',
  'theme.blog.post.paginator.olderPost': 'Older post',
  'theme.SearchBar.label': 'Search',
  'theme.SearchPage.inputPlaceholder': 'Type to search',
  'theme.SearchPage.inputLabel': 'Search query',
  'theme.NotFound.title': 'Page Not Found',
  'theme.blog.authorsList.viewAll': 'View all authors',
  'theme.docs.breadcrumbs.navAriaLabel': 'Breadcrumbs',
  'theme.docs.breadcrumbs.home': 'Home page',
  'theme.docs.sidebar.navAriaLabel': 'Docs sidebar',
  'theme.docs.sidebar.toggleSidebarButtonAriaLabel': 'Toggle navigation bar',
  'theme.docs.sidebar.closeSidebarButtonAriaLabel': 'Close navigation bar',
  'theme.AnnouncementBar.closeButtonAriaLabel': 'Close announcement',
  'theme.docs.versions.unreleasedVersionLabel': 'This documentation is for a version that is not released yet.',
  'theme.docs.versions.unmaintainedVersionLabel': 'This documentation is for a version that is no longer maintained.',
  'theme.docs.versions.latestVersionLinkLabel': 'See this page in the latest version',
};

type Translation = Record<ThemeString, string>;

const fr: Translation = {
  'This documentation is for a version that is not released yet.': "Cette documentation porte sur une version qui n'est pas encore publiée.",
  'This documentation is for a version that is no longer maintained.': "Cette documentation porte sur une version qui n'est plus maintenue.",
  'See this page in the latest version': "Voir cette page dans la dernière version",
  'We could not find what you were looking for. The page may have moved, or the link that brought you here may be out of date.': "Nous n'avons pas trouvé ce que vous cherchiez. La page a peut-être été déplacée, ou le lien qui vous a mené ici n'est plus à jour.",
  'or': 'ou',
  'browse the documentation': 'parcourir la documentation',
  'Perhaps you were looking for': 'Vous cherchiez peut-être',
  'Search results for': 'Résultats de recherche pour',
  'Search runs in your browser and needs JavaScript.': 'La recherche fonctionne dans votre navigateur et nécessite JavaScript.',
  'No results for': 'Aucun résultat pour',
  'See all results': 'Voir tous les résultats',
  'All versions': 'Toutes les versions',
  'Every post, newest first.': 'Tous les articles, du plus récent au plus ancien.',
  'View all authors': 'Voir tous les auteurs',
  'On this page': 'Sur cette page',
  'Table of contents': 'Table des matières',
  Previous: 'Précédent',
  Next: 'Suivant',
  'Docs pages': 'Pages de la documentation',
  'Edit this page': 'Modifier cette page',
  'Last updated on': 'Dernière mise à jour le',
  by: 'par',
  'Version:': 'Version :',
  'Documentation version': 'Version de la documentation',
  'Tags:': 'Étiquettes :',
  'View all tags': 'Voir toutes les étiquettes',
  'Read more': 'Lire la suite',
  'min read': 'min de lecture',
  'Newer post': 'Article plus récent',
  'Older post': 'Article plus ancien',
  Search: 'Rechercher',
  'Search the documentation': 'Rechercher dans la documentation',
  'Search query': 'Termes de recherche',
  'Type to search': 'Tapez pour rechercher',
  'Search results': 'Résultats de recherche',
  'Search is unavailable': 'La recherche est indisponible',
  'Loading...': 'Chargement…',
  'Page Not Found': 'Page introuvable',
  'Go to the home page': "Aller à la page d'accueil",
  Breadcrumbs: "Fil d'Ariane",
  'Home page': "Page d'accueil",
  'Docs sidebar': 'Barre latérale de la documentation',
  Main: 'Principal',
  'Toggle navigation bar': 'Afficher ou masquer la navigation',
  'Close navigation bar': 'Fermer la navigation',
  'Navigation menu': 'Menu de navigation',
  'Close announcement': "Fermer l'annonce",
  'Switch between dark and light mode': 'Basculer entre le mode sombre et le mode clair',
};

const de: Translation = {
  'This documentation is for a version that is not released yet.': "Diese Dokumentation beschreibt eine Version, die noch nicht veröffentlicht ist.",
  'This documentation is for a version that is no longer maintained.': "Diese Dokumentation beschreibt eine Version, die nicht mehr gepflegt wird.",
  'See this page in the latest version': "Diese Seite in der neuesten Version ansehen",
  'We could not find what you were looking for. The page may have moved, or the link that brought you here may be out of date.': 'Wir konnten nicht finden, wonach Sie gesucht haben. Die Seite wurde vielleicht verschoben, oder der Link, der Sie hierher geführt hat, ist veraltet.',
  'or': 'oder',
  'browse the documentation': 'die Dokumentation durchsuchen',
  'Perhaps you were looking for': 'Suchten Sie vielleicht',
  'Search results for': 'Suchergebnisse für',
  'Search runs in your browser and needs JavaScript.': 'Die Suche läuft in Ihrem Browser und benötigt JavaScript.',
  'No results for': 'Keine Ergebnisse für',
  'See all results': 'Alle Ergebnisse anzeigen',
  'All versions': 'Alle Versionen',
  'Every post, newest first.': 'Alle Beiträge, die neuesten zuerst.',
  'View all authors': 'Alle Autoren anzeigen',
  'On this page': 'Auf dieser Seite',
  'Table of contents': 'Inhaltsverzeichnis',
  Previous: 'Zurück',
  Next: 'Weiter',
  'Docs pages': 'Seiten der Dokumentation',
  'Edit this page': 'Diese Seite bearbeiten',
  'Last updated on': 'Zuletzt aktualisiert am',
  by: 'von',
  'Version:': 'Version:',
  'Documentation version': 'Version der Dokumentation',
  'Tags:': 'Schlagwörter:',
  'View all tags': 'Alle Schlagwörter anzeigen',
  'Read more': 'Weiterlesen',
  'min read': 'Min. Lesezeit',
  'Newer post': 'Neuerer Beitrag',
  'Older post': 'Älterer Beitrag',
  Search: 'Suche',
  'Search the documentation': 'Die Dokumentation durchsuchen',
  'Search query': 'Suchbegriff',
  'Type to search': 'Suchbegriff eingeben',
  'Search results': 'Suchergebnisse',
  'Search is unavailable': 'Die Suche ist nicht verfügbar',
  'Loading...': 'Wird geladen…',
  'Page Not Found': 'Seite nicht gefunden',
  'Go to the home page': 'Zur Startseite',
  Breadcrumbs: 'Brotkrümelnavigation',
  'Home page': 'Startseite',
  'Docs sidebar': 'Seitenleiste der Dokumentation',
  Main: 'Hauptnavigation',
  'Toggle navigation bar': 'Navigation ein- oder ausblenden',
  'Close navigation bar': 'Navigation schließen',
  'Navigation menu': 'Navigationsmenü',
  'Close announcement': 'Ankündigung schließen',
  'Switch between dark and light mode': 'Zwischen dunklem und hellem Modus wechseln',
};

const es: Translation = {
  'This documentation is for a version that is not released yet.': "Esta documentación corresponde a una versión que aún no se ha publicado.",
  'This documentation is for a version that is no longer maintained.': "Esta documentación corresponde a una versión que ya no recibe mantenimiento.",
  'See this page in the latest version': "Ver esta página en la última versión",
  'We could not find what you were looking for. The page may have moved, or the link that brought you here may be out of date.': 'No encontramos lo que buscabas. Puede que la página se haya movido, o que el enlace que te trajo aquí esté desactualizado.',
  'or': 'o',
  'browse the documentation': 'explorar la documentación',
  'Perhaps you were looking for': 'Quizás buscabas',
  'Search results for': 'Resultados de la búsqueda de',
  'Search runs in your browser and needs JavaScript.': 'La búsqueda funciona en tu navegador y necesita JavaScript.',
  'No results for': 'No hay resultados para',
  'See all results': 'Ver todos los resultados',
  'All versions': 'Todas las versiones',
  'Every post, newest first.': 'Todas las entradas, de la más reciente a la más antigua.',
  'View all authors': 'Ver todos los autores',
  'On this page': 'En esta página',
  'Table of contents': 'Tabla de contenidos',
  Previous: 'Anterior',
  Next: 'Siguiente',
  'Docs pages': 'Páginas de la documentación',
  'Edit this page': 'Editar esta página',
  'Last updated on': 'Última actualización el',
  by: 'por',
  'Version:': 'Versión:',
  'Documentation version': 'Versión de la documentación',
  'Tags:': 'Etiquetas:',
  'View all tags': 'Ver todas las etiquetas',
  'Read more': 'Leer más',
  'min read': 'min de lectura',
  'Newer post': 'Entrada más reciente',
  'Older post': 'Entrada anterior',
  Search: 'Buscar',
  'Search the documentation': 'Buscar en la documentación',
  'Search query': 'Términos de búsqueda',
  'Type to search': 'Escribe para buscar',
  'Search results': 'Resultados de la búsqueda',
  'Search is unavailable': 'La búsqueda no está disponible',
  'Loading...': 'Cargando…',
  'Page Not Found': 'Página no encontrada',
  'Go to the home page': 'Ir a la página de inicio',
  Breadcrumbs: 'Ruta de navegación',
  'Home page': 'Página de inicio',
  'Docs sidebar': 'Barra lateral de la documentación',
  Main: 'Principal',
  'Toggle navigation bar': 'Mostrar u ocultar la navegación',
  'Close navigation bar': 'Cerrar la navegación',
  'Navigation menu': 'Menú de navegación',
  'Close announcement': 'Cerrar el anuncio',
  'Switch between dark and light mode': 'Cambiar entre el modo oscuro y el claro',
};

const ja: Translation = {
  'This documentation is for a version that is not released yet.': "このドキュメントはまだリリースされていないバージョンのものです。",
  'This documentation is for a version that is no longer maintained.': "このドキュメントはメンテナンスが終了したバージョンのものです。",
  'See this page in the latest version': "最新バージョンでこのページを見る",
  'We could not find what you were looking for. The page may have moved, or the link that brought you here may be out of date.': 'お探しのページが見つかりませんでした。ページが移動したか、ここへのリンクが古くなっている可能性があります。',
  'or': 'または',
  'browse the documentation': 'ドキュメントを見る',
  'Perhaps you were looking for': 'お探しのページはこちらではありませんか',
  'Search results for': '検索結果:',
  'Search runs in your browser and needs JavaScript.': '検索はブラウザー内で動作し、JavaScript が必要です。',
  'No results for': '一致する結果はありません:',
  'See all results': 'すべての結果を表示',
  'All versions': 'すべてのバージョン',
  'Every post, newest first.': 'すべての記事（新しい順）',
  'View all authors': 'すべての著者を見る',
  'On this page': 'このページの内容',
  'Table of contents': '目次',
  Previous: '前へ',
  Next: '次へ',
  'Docs pages': 'ドキュメントのページ',
  'Edit this page': 'このページを編集',
  'Last updated on': '最終更新日:',
  by: '更新者:',
  'Version:': 'バージョン:',
  'Documentation version': 'ドキュメントのバージョン',
  'Tags:': 'タグ:',
  'View all tags': 'すべてのタグを見る',
  'Read more': '続きを読む',
  'min read': '分で読めます',
  'Newer post': '新しい記事',
  'Older post': '古い記事',
  Search: '検索',
  'Search the documentation': 'ドキュメントを検索',
  'Search query': '検索語',
  'Type to search': '検索語を入力',
  'Search results': '検索結果',
  'Search is unavailable': '検索を利用できません',
  'Loading...': '読み込み中…',
  'Page Not Found': 'ページが見つかりません',
  'Go to the home page': 'ホームページへ移動',
  Breadcrumbs: 'パンくずリスト',
  'Home page': 'ホームページ',
  'Docs sidebar': 'ドキュメントのサイドバー',
  Main: 'メイン',
  'Toggle navigation bar': 'ナビゲーションの表示を切り替え',
  'Close navigation bar': 'ナビゲーションを閉じる',
  'Navigation menu': 'ナビゲーションメニュー',
  'Close announcement': 'お知らせを閉じる',
  'Switch between dark and light mode': 'ダークモードとライトモードを切り替え',
};

const zhHans: Translation = {
  'This documentation is for a version that is not released yet.': "本文档适用于尚未发布的版本。",
  'This documentation is for a version that is no longer maintained.': "本文档适用于已不再维护的版本。",
  'See this page in the latest version': "查看此页面的最新版本",
  'We could not find what you were looking for. The page may have moved, or the link that brought you here may be out of date.': '找不到您要查找的内容。页面可能已被移动，或者指向此处的链接已过时。',
  'or': '或',
  'browse the documentation': '浏览文档',
  'Perhaps you were looking for': '您要找的可能是',
  'Search results for': '搜索结果：',
  'Search runs in your browser and needs JavaScript.': '搜索在您的浏览器中运行，需要 JavaScript。',
  'No results for': '没有找到结果：',
  'See all results': '查看全部结果',
  'All versions': '所有版本',
  'Every post, newest first.': '所有文章，按时间从新到旧排列。',
  'View all authors': '查看所有作者',
  'On this page': '本页内容',
  'Table of contents': '目录',
  Previous: '上一页',
  Next: '下一页',
  'Docs pages': '文档页面',
  'Edit this page': '编辑此页',
  'Last updated on': '最后更新于',
  by: '作者',
  'Version:': '版本：',
  'Documentation version': '文档版本',
  'Tags:': '标签：',
  'View all tags': '查看所有标签',
  'Read more': '阅读全文',
  'min read': '分钟阅读',
  'Newer post': '较新的文章',
  'Older post': '较早的文章',
  Search: '搜索',
  'Search the documentation': '搜索文档',
  'Search query': '搜索词',
  'Type to search': '输入以搜索',
  'Search results': '搜索结果',
  'Search is unavailable': '搜索不可用',
  'Loading...': '加载中…',
  'Page Not Found': '找不到页面',
  'Go to the home page': '返回首页',
  Breadcrumbs: '页面路径',
  'Home page': '首页',
  'Docs sidebar': '文档侧边栏',
  Main: '主导航',
  'Toggle navigation bar': '切换导航栏',
  'Close navigation bar': '关闭导航栏',
  'Navigation menu': '导航菜单',
  'Close announcement': '关闭公告',
  'Switch between dark and light mode': '在深色模式和浅色模式之间切换',
};

/** Built-in translations by language. */
const ar: Translation = {
  'On this page': 'في هذه الصفحة',
  'Table of contents': 'المحتويات',
  'Previous': 'السابق',
  'Next': 'التالي',
  'Docs pages': 'صفحات التوثيق',
  'Edit this page': 'حرّر هذه الصفحة',
  'Last updated on': 'آخر تحديث في',
  'by': 'بواسطة',
  'Version:': 'الإصدار:',
  'Documentation version': 'إصدار التوثيق',
  'Tags:': 'الوسوم:',
  'View all tags': 'عرض كل الوسوم',
  'Read more': 'اقرأ المزيد',
  'min read': 'دقائق قراءة',
  'Newer post': 'مقالة أحدث',
  'Older post': 'مقالة أقدم',
  'Search': 'بحث',
  'Search the documentation': 'ابحث في التوثيق',
  'Search query': 'عبارة البحث',
  'Type to search': 'اكتب للبحث',
  'Search results': 'نتائج البحث',
  'Search is unavailable': 'البحث غير متاح',
  'Loading...': 'جارٍ التحميل...',
  'Page Not Found': 'الصفحة غير موجودة',
  'We could not find what you were looking for. The page may have moved, or the link that brought you here may be out of date.': 'لم نجد ما تبحث عنه. ربما نُقلت الصفحة، أو ربما صار الرابط الذي أوصلك إلى هنا قديمًا.',
  'Go to the home page': 'اذهب إلى الصفحة الرئيسية',
  'or': 'أو',
  'browse the documentation': 'تصفّح التوثيق',
  'Perhaps you were looking for': 'ربما كنت تبحث عن',
  'Search results for': 'نتائج البحث عن',
  'Search runs in your browser and needs JavaScript.': 'يعمل البحث في متصفحك ويحتاج إلى JavaScript.',
  'No results for': 'لا نتائج لـ',
  'See all results': 'عرض كل النتائج',
  'All versions': 'كل الإصدارات',
  'Every post, newest first.': 'كل المقالات، من الأحدث إلى الأقدم.',
  'View all authors': 'عرض كل الكتّاب',
  'Breadcrumbs': 'مسار التنقل',
  'Home page': 'الصفحة الرئيسية',
  'Docs sidebar': 'الشريط الجانبي للتوثيق',
  'Main': 'الرئيسي',
  'Toggle navigation bar': 'إظهار شريط التنقل أو إخفاؤه',
  'Close navigation bar': 'أغلق شريط التنقل',
  'Navigation menu': 'قائمة التنقل',
  'Close announcement': 'أغلق الإعلان',
  'Switch between dark and light mode': 'بدّل بين الوضع الداكن والفاتح',
  'This documentation is for a version that is not released yet.': 'هذا التوثيق لإصدار لم يُطرح بعد.',
  'This documentation is for a version that is no longer maintained.': 'هذا التوثيق لإصدار لم يعد يُصان.',
  'See this page in the latest version': 'اعرض هذه الصفحة في أحدث إصدار',
};

const TRANSLATIONS: Record<string, Translation> = { fr, de, es, ja, 'zh-hans': zhHans, ar };

/**
 * The built-in language of a locale: `fr-CA` takes French; `zh`, `zh-CN` and `zh-SG` Simplified Chinese (Traditional
 * Chinese locales have none yet, rather than the wrong script).
 */
function languageOf(locale: string): string | undefined {
  const tag = locale.toLowerCase();
  if (tag === 'zh' || tag === 'zh-cn' || tag === 'zh-sg' || tag.startsWith('zh-hans')) return 'zh-hans';
  const language = tag.split('-')[0]!;
  return language !== 'zh' && language in TRANSLATIONS ? language : undefined;
}

function builtInTranslation(locale: string): Translation | undefined {
  const language = languageOf(locale);
  return language ? TRANSLATIONS[language] : undefined;
}

/**
 * The theme's strings for `locale` that differ from its English text: the built-in translation, then the site's
 * `code.json` messages (by Docusaurus id, or by the English text itself). Empty for English without overrides.
 */
export function themeStringsFor(locale: string, overrides: Record<string, string> = {}): Partial<Record<ThemeString, string>> {
  const strings: Partial<Record<ThemeString, string>> = { ...builtInTranslation(locale), ...codeJsonMessages(overrides, THEME_STRINGS) };
  for (const english of THEME_STRINGS) if (strings[english] === english) delete strings[english];
  return strings;
}

/** The `code.json` messages that name one of `strings`, by Docusaurus id or by the English text itself. */
function codeJsonMessages<S extends string>(overrides: Record<string, string>, strings: readonly S[]): Partial<Record<S, string>> {
  const known = new Set<string>(strings);
  const messages: Partial<Record<S, string>> = {};
  for (const [key, message] of Object.entries(overrides)) {
    const english = DOCUSAURUS_IDS[key] ?? PAGE_DOCUSAURUS_IDS[key] ?? key;
    if (known.has(english)) messages[english as S] = message;
  }
  return messages;
}

// The titles the route stage gives generated pages (tag lists, the archive, the search page): in the page data,
// so in the document's <title> and the page's heading. `{count}` and `{tag}` are filled in; a count of one has its
// own string, as languages differ in where the number goes.

export const PAGE_STRINGS = [
  'Tags',
  'Archive',
  'Authors',
  'Search',
  '{count} post tagged with "{tag}"',
  '{count} posts tagged with "{tag}"',
  '{count} doc tagged with "{tag}"',
  '{count} docs tagged with "{tag}"',
] as const;

export type PageString = (typeof PAGE_STRINGS)[number];

/** Docusaurus's translation ids of the page titles that have one. */
const PAGE_DOCUSAURUS_IDS: Record<string, PageString> = {
  'theme.tags.tagsPageTitle': 'Tags',
  'theme.blog.archive.title': 'Archive',
  'theme.blog.authorsList.pageTitle': 'Authors',
};

const PAGE_TRANSLATIONS: Record<string, Record<PageString, string>> = {
  fr: {
    Tags: 'Étiquettes',
    Archive: 'Archives',
    Authors: 'Auteurs',
    Search: 'Recherche',
    '{count} post tagged with "{tag}"': '{count} article avec l’étiquette « {tag} »',
    '{count} posts tagged with "{tag}"': '{count} articles avec l’étiquette « {tag} »',
    '{count} doc tagged with "{tag}"': '{count} page avec l’étiquette « {tag} »',
    '{count} docs tagged with "{tag}"': '{count} pages avec l’étiquette « {tag} »',
  },
  de: {
    Tags: 'Schlagwörter',
    Archive: 'Archiv',
    Authors: 'Autoren',
    Search: 'Suche',
    '{count} post tagged with "{tag}"': '{count} Beitrag mit dem Schlagwort „{tag}“',
    '{count} posts tagged with "{tag}"': '{count} Beiträge mit dem Schlagwort „{tag}“',
    '{count} doc tagged with "{tag}"': '{count} Seite mit dem Schlagwort „{tag}“',
    '{count} docs tagged with "{tag}"': '{count} Seiten mit dem Schlagwort „{tag}“',
  },
  es: {
    Tags: 'Etiquetas',
    Archive: 'Archivo',
    Authors: 'Autores',
    Search: 'Búsqueda',
    '{count} post tagged with "{tag}"': '{count} entrada con la etiqueta «{tag}»',
    '{count} posts tagged with "{tag}"': '{count} entradas con la etiqueta «{tag}»',
    '{count} doc tagged with "{tag}"': '{count} página con la etiqueta «{tag}»',
    '{count} docs tagged with "{tag}"': '{count} páginas con la etiqueta «{tag}»',
  },
  ja: {
    Tags: 'タグ',
    Archive: 'アーカイブ',
    Authors: '著者',
    Search: '検索',
    '{count} post tagged with "{tag}"': '「{tag}」タグの記事（{count} 件）',
    '{count} posts tagged with "{tag}"': '「{tag}」タグの記事（{count} 件）',
    '{count} doc tagged with "{tag}"': '「{tag}」タグのページ（{count} 件）',
    '{count} docs tagged with "{tag}"': '「{tag}」タグのページ（{count} 件）',
  },
  ar: {
    Tags: 'الوسوم',
    Archive: 'الأرشيف',
    Authors: 'الكتّاب',
    Search: 'بحث',
    '{count} post tagged with "{tag}"': 'مقالة واحدة موسومة بـ«{tag}»',
    '{count} posts tagged with "{tag}"': '{count} مقالات موسومة بـ«{tag}»',
    '{count} doc tagged with "{tag}"': 'صفحة واحدة موسومة بـ«{tag}»',
    '{count} docs tagged with "{tag}"': '{count} صفحات موسومة بـ«{tag}»',
  },
  'zh-hans': {
    Tags: '标签',
    Archive: '归档',
    Authors: '作者',
    Search: '搜索',
    '{count} post tagged with "{tag}"': '{count} 篇带有“{tag}”标签的文章',
    '{count} posts tagged with "{tag}"': '{count} 篇带有“{tag}”标签的文章',
    '{count} doc tagged with "{tag}"': '{count} 个带有“{tag}”标签的页面',
    '{count} docs tagged with "{tag}"': '{count} 个带有“{tag}”标签的页面',
  },
};

/**
 * How the route stage titles generated pages in the site's language: a page title, or a theme string (the
 * not-found title is both); `code.json` wins by Docusaurus id or English text.
 */
export function pageStringsFor(locale: string, overrides: Record<string, string> = {}): (english: PageString | ThemeString, values?: Record<string, string | number>) => string {
  const language = languageOf(locale);
  const translation: Partial<Record<PageString | ThemeString, string>> = {
    ...builtInTranslation(locale),
    ...(language ? PAGE_TRANSLATIONS[language] : {}),
    ...codeJsonMessages<PageString | ThemeString>(overrides, [...THEME_STRINGS, ...PAGE_STRINGS]),
  };
  return (english, values = {}) => (translation[english] ?? english).replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
