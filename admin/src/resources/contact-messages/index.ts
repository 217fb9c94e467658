import { lazy } from 'react';
import type { ResourceProps } from 'react-admin';
import type { ContactMessage } from '../../types';
import { MessageIcon } from './MessageIcon';

// Each page loads on first use: the console's first load stays small (see size-limit in package.json).
const MessageList = lazy(() => import('./MessageList').then((m) => ({ default: m.MessageList })));
const MessageShow = lazy(() => import('./MessageShow').then((m) => ({ default: m.MessageShow })));

/** The contact form's messages: open ones first; staff mark each handled with a note. */
const contactMessagesResource = {
  list: MessageList,
  show: MessageShow,
  icon: MessageIcon,
  recordRepresentation: (m: ContactMessage) => m.name,
} satisfies Omit<ResourceProps, 'name'>;

export default contactMessagesResource;
