import { useId, useState } from 'react';
import type { ThreadSortField, ThreadSortOrder } from '#shared/schemas/thread';
import { TONE_LABELS, TONES } from '#shared/tones';
import type { ThreadSort } from '../../threads/api/list-threads';
import type { ThreadFilters } from '../lib/thread-card';

interface FilterSortPanelProps {
  filters: ThreadFilters;
  sort: ThreadSort;
  onFiltersChange: (filters: ThreadFilters) => void;
  onSortChange: (sort: ThreadSort) => void;
}

const ORDER_LABELS: Record<ThreadSortField, Record<ThreadSortOrder, string>> = {
  createdAt: { desc: 'Newest first', asc: 'Oldest first' },
  title: { asc: 'A–Z', desc: 'Z–A' },
  engagement: { desc: 'Most first', asc: 'Least first' },
};

/** The collapsible 'Filter & Sort' panel of My Threads. */
export function FilterSortPanel({ filters, sort, onFiltersChange, onSortChange }: FilterSortPanelProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const fieldId = useId();
  return (
    <section className="card filter-sort">
      <button
        type="button"
        className="button filter-sort__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        Filter &amp; Sort
      </button>
      <div id={panelId} hidden={!open} className="filter-sort__fields">
        <div className="field filter-sort__field">
          <label htmlFor={`${fieldId}-theme`}>Theme</label>
          <input
            id={`${fieldId}-theme`}
            type="search"
            value={filters.theme}
            placeholder="e.g. climate"
            onChange={(event) => onFiltersChange({ ...filters, theme: event.target.value })}
          />
        </div>
        <div className="field filter-sort__field">
          <label htmlFor={`${fieldId}-tone`}>Tone</label>
          <select
            id={`${fieldId}-tone`}
            value={filters.tone}
            onChange={(event) => onFiltersChange({ ...filters, tone: event.target.value })}
          >
            <option value="">All tones</option>
            {TONES.map((tone) => (
              <option key={tone} value={tone}>
                {TONE_LABELS[tone]}
              </option>
            ))}
          </select>
        </div>
        <div className="field filter-sort__field">
          <label htmlFor={`${fieldId}-sort`}>Sort by</label>
          <select
            id={`${fieldId}-sort`}
            value={sort.field}
            onChange={(event) => {
              const field = event.target.value as ThreadSortField;
              onSortChange({ field, order: field === 'title' ? 'asc' : 'desc' });
            }}
          >
            <option value="createdAt">Created date</option>
            <option value="title">Title</option>
            <option value="engagement">Engagement</option>
          </select>
        </div>
        <div className="field filter-sort__field">
          <label htmlFor={`${fieldId}-order`}>Order</label>
          <select
            id={`${fieldId}-order`}
            value={sort.order}
            onChange={(event) => onSortChange({ ...sort, order: event.target.value as ThreadSortOrder })}
          >
            {(['desc', 'asc'] as const).map((order) => (
              <option key={order} value={order}>
                {ORDER_LABELS[sort.field][order]}
              </option>
            ))}
          </select>
        </div>
      </div>
    </section>
  );
}
