// The addresses safe-fetch.test.ts tries the outbound guard on: every non-public IPv4 class and
// IPv6 form it refuses, public addresses at the edges of the ranges, and spellings of loopback.

/** Non-public IPv4 addresses, one or more of each class. */
export const REFUSED_IPV4 = [
  '127.0.0.1',
  '127.255.255.254',
  '10.1.2.3',
  '172.16.0.1',
  '172.31.255.255',
  '192.168.1.1',
  '169.254.169.254',
  '169.254.0.1',
  '100.64.0.1',
  '100.127.255.255',
  '0.0.0.0',
  '0.1.2.3',
  '224.0.0.1',
  '239.255.255.250',
  '240.0.0.1',
  '255.255.255.255',
  '192.0.0.8',
  '192.0.2.1',
  '198.18.0.1',
  '198.51.100.7',
  '203.0.113.9',
  '192.88.99.1',
]

/** IPv6 forms: loopback, unspecified, unique local, link-local, multicast, IPv4-mapped, NAT64, 6to4. */
export const REFUSED_IPV6 = [
  '::1',
  '::',
  'fc00::1',
  'fd12:3456::1',
  'fe80::1',
  'febf::1',
  'fec0::1',
  'ff02::1',
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '::ffff:10.0.0.1',
  '::ffff:169.254.169.254',
  '::ffff:0:0',
  '::127.0.0.1',
  '64:ff9b::a00:1',
  '64:ff9b::7f00:1',
  '2002:7f00:1::1',
  '2002:a9fe:a9fe::',
  '2001:db8::1',
  '2001::1',
  '100::1',
  '::ffff:100.64.0.1',
]

/** Public addresses, the edges of the refused ranges among them. */
export const PUBLIC_ADDRESSES = [
  '8.8.8.8',
  '1.1.1.1',
  '172.15.255.255',
  '172.32.0.0',
  '100.63.255.255',
  '100.128.0.0',
  '169.253.255.255',
  '192.167.255.255',
  '223.255.255.255',
  '2606:4700:4700::1111',
  '2a00:1450:4001::200e',
  '::ffff:8.8.8.8',
  '64:ff9b::808:808',
  '2002:808:808::1',
]

/** Decimal, octal, hex and short IPv4 spellings of 127.0.0.1. */
export const LOOPBACK_SPELLINGS = [
  '2130706433',
  '0x7f000001',
  '0177.0.0.1',
  '0x7f.1',
  '127.1',
  '0x7F.0.0.01',
]
