meta:
  id: fixture_header
  endian: le
seq:
  - id: magic
    contents: [0x4d, 0x54]
  - id: length
    type: u4
