/**
 * The toast container, loaded after the first paint (see providers), and the rule that toasts
 * do not carry over to the next page (see pageToasts). Ownership is recorded when a toast is
 * added, which the library reports synchronously, so the rule does not depend on timing.
 */
import { type Id, ToastContainer, toast } from 'react-toastify';
import { onPageChange, pageNow } from './pageToasts';

const NEXT_PAGE = Symbol('next page');
const owners = new Map<Id, string | typeof NEXT_PAGE>();

toast.onChange((item) => {
  if (item.status === 'added') {
    const forNextPage = (item.data as { forNextPage?: boolean } | undefined)?.forNextPage === true;
    owners.set(item.id, forNextPage ? NEXT_PAGE : pageNow());
  } else if (item.status === 'removed') {
    owners.delete(item.id);
  }
});

onPageChange((pathname) => {
  for (const [id, owner] of owners) {
    if (owner === NEXT_PAGE) owners.set(id, pathname);
    else if (owner !== pathname) toast.dismiss(id);
  }
});

export default function ToastHost() {
  return (
    <ToastContainer position="bottom-center" theme="dark" autoClose={5000} newestOnTop closeOnClick={false} />
  );
}
