import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { Spinner } from '../../components/Spinner';
import { usePageTitle } from '../../components/usePageTitle';
import { describeError } from '../../shared/api/client';
import { couriersApi } from '../../shared/api/courier-services';
import { vendorReviewKeys } from '../../shared/api/reviews';
import {
  type VendorOrderFilters,
  type VendorOrderStatus,
  vendorOrderKeys,
  vendorOrdersApi,
} from '../../shared/api/vendor-orders';
import { useAuth } from '../../shared/auth/auth';
import { saveBlob } from '../../shared/orders/download';
import { VendorOrderDrawer } from './VendorOrderDrawer';
import './vendor-dashboard.css';
import { VendorShell } from '../../shared/vendor-shell';
import { BulkUpdatePanel } from './BulkUpdatePanel';
import { Filters, STATUS_FILTERS } from './OrderFilters';
import { OrdersTable } from './OrdersTable';
import { ReviewsPanel } from './ReviewsPanel';
import { StatsPanel } from './StatsPanel';

/** The vendor's orders: figures, server-side filters and pages, CSV export, the edit drawer, and reviews. */
export function VendorDashboardPage() {
  usePageTitle('Vendor dashboard');
  return (
    <VendorShell what="the vendor dashboard">
      <VendorDashboard />
    </VendorShell>
  );
}

function filtersFrom(params: URLSearchParams): VendorOrderFilters {
  const status = params.get('status');
  return {
    status: STATUS_FILTERS.some((s) => s.value && s.value === status)
      ? (status as VendorOrderStatus)
      : undefined,
    from: params.get('from') || undefined,
    to: params.get('to') || undefined,
    q: params.get('q') || undefined,
  };
}

function VendorDashboard() {
  const { apiClient } = useAuth();
  const queryClient = useQueryClient();
  // The filters and page live in the address, so a reload or a shared link shows the same rows.
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const filtered = Boolean(filters.status || filters.from || filters.to || filters.q);
  const [openOrder, setOpenOrder] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);

  const vendor = useQuery({
    queryKey: ['vendors', 'me'],
    queryFn: ({ signal }) => couriersApi.myVendor(apiClient, signal),
    staleTime: 60_000,
  });
  const stats = useQuery({
    queryKey: vendorOrderKeys.stats(),
    queryFn: ({ signal }) => vendorOrdersApi.stats(apiClient, signal),
  });
  const list = useQuery({
    queryKey: vendorOrderKeys.list(filters, page),
    queryFn: ({ signal }) => vendorOrdersApi.list(apiClient, filters, page, signal),
    // The table stays while the next page or filter loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });

  function update(changes: Record<string, string | undefined>) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        // A new filter starts from its first page.
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  }

  function refresh() {
    void queryClient.invalidateQueries({ queryKey: vendorOrderKeys.all });
    void queryClient.invalidateQueries({ queryKey: vendorReviewKeys.all });
    void vendor.refetch();
  }

  async function exportCsv() {
    setExporting(true);
    try {
      const { blob, filename } = await vendorOrdersApi.exportCsv(apiClient, filters);
      saveBlob(blob, filename);
    } catch (error) {
      toast.error(describeError(error));
    } finally {
      setExporting(false);
    }
  }

  return (
    <section className="vendor-dashboard">
      <header className="page-header row row--between">
        <div>
          <h1>{vendor.data?.shopName || 'Vendor'}</h1>
          <p className="muted">Your orders, their status and your revenue.</p>
        </div>
        <div className="row">
          <button
            type="button"
            className="button button--secondary"
            onClick={refresh}
            disabled={list.isFetching || stats.isFetching}
          >
            {list.isFetching || stats.isFetching ? <Spinner label="Refreshing" /> : 'Refresh'}
          </button>
          <Link to="/rate-card" className="button button--primary">
            My Rate Cards
          </Link>
        </div>
      </header>

      <StatsPanel stats={stats.data} loading={stats.isPending} failed={stats.isError} />

      <BulkUpdatePanel
        onApplied={() => void queryClient.invalidateQueries({ queryKey: vendorOrderKeys.all })}
      />

      <section className="card vendor-orders" aria-labelledby="vendor-orders-title">
        <div className="row row--between vendor-orders__head">
          <h2 id="vendor-orders-title">Orders</h2>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void exportCsv()}
            disabled={exporting || !list.data || list.data.total === 0}
          >
            {exporting ? <Spinner label="Exporting" /> : 'Export CSV'}
          </button>
        </div>
        <Filters filters={filters} onChange={update} />
        <OrdersTable
          list={list.data}
          loading={list.isPending}
          error={list.isError ? list.error : null}
          onRetry={() => void list.refetch()}
          filtered={filtered}
          allOrders={stats.data?.totalOrders}
          page={page}
          onPage={(next) => update({ page: next > 1 ? String(next) : undefined })}
          onClear={() => setParams({}, { replace: true })}
          onOpen={setOpenOrder}
        />
      </section>

      <ReviewsPanel
        profileId={vendor.data?.status === 'active' ? vendor.data.id : null}
        onOpenOrder={setOpenOrder}
      />

      {openOrder ? (
        <VendorOrderDrawer
          orderId={openOrder}
          onClose={() => setOpenOrder(null)}
          onSaved={() => void queryClient.invalidateQueries({ queryKey: vendorOrderKeys.all })}
        />
      ) : null}
    </section>
  );
}
