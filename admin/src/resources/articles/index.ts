import { lazy } from 'react';
import type { ResourceProps } from 'react-admin';
import type { Article } from '../../types';
import { ArticleIcon } from './ArticleIcon';

// Each page loads on first use: the console's first load stays small (see size-limit in package.json).
const ArticleList = lazy(() => import('./ArticleList').then((m) => ({ default: m.ArticleList })));
const ArticleCreate = lazy(() => import('./ArticleCreate').then((m) => ({ default: m.ArticleCreate })));
const ArticleEdit = lazy(() => import('./ArticleEdit').then((m) => ({ default: m.ArticleEdit })));

/** The landing-page articles (/:slug): create and edit, with a sanitised preview. */
const articlesResource = {
  list: ArticleList,
  create: ArticleCreate,
  edit: ArticleEdit,
  icon: ArticleIcon,
  recordRepresentation: (a: Article) => a.title,
} satisfies Omit<ResourceProps, 'name'>;

export default articlesResource;
