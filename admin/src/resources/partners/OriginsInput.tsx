import { required, TextInput } from 'react-admin';
import { originsFormat, originsParse } from './types';

const originsHelp = 'One origin a line, such as https://shop.example or http://localhost:* (any port)';

/** The allowed origins, one a line, sent as a list. */
export function OriginsInput() {
  return (
    <TextInput
      source="allowedOrigins"
      label="Allowed origins"
      multiline
      format={originsFormat}
      parse={originsParse}
      helperText={originsHelp}
      validate={required()}
    />
  );
}
