import { JOB_STATUSES } from '@consign/shared/statuses';
import { msg } from '../../i18n/keys';

export const STATUS = JOB_STATUSES.map((id) => ({ id, name: msg(`consign.jobs.status.${id}`) }));
