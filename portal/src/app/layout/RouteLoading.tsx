import { Spinner } from '../../components/Spinner';

export function RouteLoading() {
  return (
    <div className="page-state">
      <Spinner size="lg" label="Loading page" />
    </div>
  );
}
