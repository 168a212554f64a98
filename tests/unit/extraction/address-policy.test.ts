import { describe, expect, it } from 'vitest';
import { classifyAddress, parseIpAddress } from '#functions/lib/outbound/address-policy';

describe('classifyAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.10.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.20', 'private'],
    ['169.254.169.254', 'link-local'],
    ['169.254.0.1', 'link-local'],
    ['100.64.0.1', 'shared'],
    ['100.127.255.254', 'shared'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    ['224.0.0.251', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.0.8', 'reserved'],
    ['192.0.2.10', 'documentation'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.200', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.1', 'benchmarking'],
  ])('blocks the IPv4 address %s as %s', (address, reason) => {
    expect(classifyAddress(address)).toMatchObject({ blocked: true, reason, version: 4 });
  });

  it.each([
    ['2130706433', '127.0.0.1'],
    ['0177.0.0.1', '127.0.0.1'],
    ['0x7f.1', '127.0.0.1'],
    ['0x7f000001', '127.0.0.1'],
    ['127.1', '127.0.0.1'],
    ['127.0.1', '127.0.0.1'],
    ['0x7F.0.0.0x1', '127.0.0.1'],
    ['017700000001', '127.0.0.1'],
    ['0xa9.0xfe.0xa9.0xfe', '169.254.169.254'],
    ['2852039166', '169.254.169.254'],
    ['012.0.0.1', '10.0.0.1'],
    ['0', '0.0.0.0'],
    ['127.0.0.1.', '127.0.0.1'],
  ])('reads the legacy IPv4 spelling %s as %s and blocks it', (input, address) => {
    expect(classifyAddress(input)).toMatchObject({ blocked: true, address });
  });

  it.each([
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::', 'unspecified'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['[::ffff:7f00:1]', 'loopback'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['::ffff:10.0.0.1', 'private'],
    ['::127.0.0.1', 'loopback'],
    ['::7f00:1', 'loopback'],
    ['::ffff:0:127.0.0.1', 'loopback'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['64:ff9b:1::1', 'private'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:c0a8:101::1', 'private'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456:789a::1', 'unique-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf:ffff::1', 'link-local'],
    ['fec0::1', 'private'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation'],
    ['2001::1', 'reserved'],
    ['100::1', 'reserved'],
    ['4000::1', 'reserved'],
  ])('blocks the IPv6 address %s as %s', (address, reason) => {
    expect(classifyAddress(address)).toMatchObject({ blocked: true, reason, version: 6 });
  });

  it.each([
    '93.184.215.14',
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '100.128.0.1',
    '192.169.0.1',
    '169.255.0.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001:82b::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('allows the public address %s', (address) => {
    expect(classifyAddress(address)).toMatchObject({ blocked: false });
  });

  it('gives the canonical form of the address it judged', () => {
    expect(classifyAddress('0x7f.1')?.address).toBe('127.0.0.1');
    expect(classifyAddress('0:0:0:0:0:ffff:7f00:1')?.address).toBe('::ffff:7f00:1');
    expect(classifyAddress('2001:0db8:0000:0000:0000:0000:0000:0001')?.address).toBe('2001:db8::1');
  });
});

describe('parseIpAddress', () => {
  it.each([
    'example.com',
    'localhost',
    '1.2.3.4.5',
    '256.1.1.1',
    '1.2.3.256',
    '08.0.0.1',
    '0xg',
    '12:34',
    ':::1',
    '1::2::3',
    'fe80::g',
    '',
  ])('does not take %s for an IP address', (input) => {
    expect(parseIpAddress(input)).toBeNull();
  });

  it('accepts the largest value the last part may hold', () => {
    expect(parseIpAddress('1.16777215')).toEqual({ version: 4, value: 0x01ffffff });
    expect(parseIpAddress('1.16777216')).toBeNull();
  });
});
